import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, type CrmCode } from '@portal/contracts';
import { type ChannelSource, type CrmUser } from '@portal/contracts/leads';
import { CrmMessage } from '@portal/contracts/crm';
import { PortalTable, QueryBlock } from '@portal/design-system';
import { App, Button, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSearchSourcesQuery, useSearchStaffQuery, useSyncEcSourcesMutation, useSyncStaffMutation } from './sourceApi';
import { SourceText } from './texts';

const text = (value: string) => value || SourceText.None;

const SOURCE_COLUMNS: TableColumnsType<ChannelSource> = [
  { key: 'sourceName', dataIndex: 'sourceName', title: SourceText.SourceName },
  { key: 'sourceCode', dataIndex: 'sourceCode', title: SourceText.SourceCode },
];

const STAFF_COLUMNS: TableColumnsType<CrmUser> = [
  { key: 'userName', dataIndex: 'userName', title: SourceText.UserName },
  { key: 'phone', dataIndex: 'phone', title: SourceText.Phone, render: text },
  { key: 'deptName', dataIndex: 'deptName', title: SourceText.Dept, render: text },
];

/** A titled part of the tab: its heading, a name search and its buttons, then its list. */
function Section({
  title,
  search,
  onSearch,
  actions,
  children,
}: {
  title: string;
  search: string;
  onSearch: (keyword: string) => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={search} aria-label={search} style={{ width: 240 }} onSearch={(value) => onSearch(value.trim())} />
        {actions}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {SourceText.FirstRows}
      </Typography.Paragraph>
      {children}
    </section>
  );
}

export interface SourceTabProps {
  crmCode: CrmCode;
}

/**
 * 来源配置: the channel sources leads are pushed under (ec: 同步来源 pulls them from ec; the other
 * CRMs' come with 更新数据 of the field config) and the CRM's staff (同步员工 pulls them, the
 * receivers of the distribution rules and schedules).
 */
export function SourceTab({ crmCode }: SourceTabProps) {
  const { message } = App.useApp();
  const [sourceName, setSourceName] = useState('');
  const [userName, setUserName] = useState('');
  const sources = useSearchSourcesQuery(sourceName);
  const staff = useSearchStaffQuery(userName);
  const [syncSources, syncingSources] = useSyncEcSourcesMutation();
  const [syncStaff, syncingStaff] = useSyncStaffMutation();

  const sync = async (call: () => Promise<unknown>) => {
    try {
      await call();
      message.success(CrmMessage.SyncSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
    }
  };

  return (
    <>
      <Section
        title={SourceText.Sources}
        search={SourceText.SourceSearch}
        onSearch={setSourceName}
        actions={
          crmCode === 'ec' && (
            <Button type="primary" loading={syncingSources.isLoading} onClick={() => void sync(() => syncSources().unwrap())}>
              {SourceText.SyncSources}
            </Button>
          )
        }
      >
        <QueryBlock query={sources} keepPrevious={false}>
          {(rows) => <PortalTable<ChannelSource> rowKey="id" size="middle" columns={SOURCE_COLUMNS} dataSource={rows} pagination={false} />}
        </QueryBlock>
      </Section>
      <Section
        title={SourceText.Staff}
        search={SourceText.StaffSearch}
        onSearch={setUserName}
        actions={
          <Button type="primary" loading={syncingStaff.isLoading} onClick={() => void sync(() => syncStaff(crmCode).unwrap())}>
            {SourceText.SyncStaff}
          </Button>
        }
      >
        <QueryBlock query={staff} keepPrevious={false}>
          {(rows) => <PortalTable<CrmUser> rowKey="id" size="middle" columns={STAFF_COLUMNS} dataSource={rows} pagination={false} />}
        </QueryBlock>
      </Section>
    </>
  );
}
