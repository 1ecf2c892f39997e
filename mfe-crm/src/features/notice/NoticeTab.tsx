import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, type CrmCode } from '@portal/contracts';
import { CrmMessage } from '@portal/contracts/crm';
import { QueryBlock } from '@portal/design-system';
import { App, Button, Descriptions, Form, Select, Space, Typography } from 'antd';
import { useSyncStaffMutation } from '../source/sourceApi';
import { useGetCreatorCandidatesQuery, useGetCreatorQuery, useSaveCreatorMutation } from './noticeApi';
import { NoticeText } from './texts';

export interface NoticeTabProps {
  crmCode: CrmCode;
}

/**
 * 消息通知 (ec, spec 001 section 2): the current creator; pick a founder or employee among the
 * staff synced from ec (search by name), 同步 pulls the staff anew, 保存 posts the choice
 * form-encoded (userId, userName, id, crmCode).
 */
export function NoticeTab({ crmCode }: NoticeTabProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userId?: string }>();
  const creator = useGetCreatorQuery(crmCode);
  const candidates = useGetCreatorCandidatesQuery();
  const [syncStaff, syncing] = useSyncStaffMutation();
  const [save, saving] = useSaveCreatorMutation();

  const sync = async () => {
    try {
      await syncStaff(crmCode).unwrap();
      message.success(CrmMessage.SyncSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
    }
  };

  const submit = async ({ userId }: { userId?: string }) => {
    const chosen = candidates.data?.find((staff) => staff.crmUserId === userId);
    if (!chosen) return;
    try {
      await save({ crmCode, id: creator.data ? String(creator.data.id) : undefined, userId: chosen.crmUserId, userName: chosen.userName }).unwrap();
      message.success(CrmMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };

  return (
    <QueryBlock query={creator} isEmpty={() => false}>
      {(current) => (
        <>
          <Typography.Paragraph type="secondary">{NoticeText.Intro}</Typography.Paragraph>
          <Descriptions
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'current',
                label: NoticeText.Current,
                children: current ? NoticeText.current(current.userName, current.account) : NoticeText.NotSet,
              },
            ]}
          />
          <Space style={{ marginBottom: 16 }}>
            <Button loading={syncing.isLoading} onClick={() => void sync()}>
              {NoticeText.Sync}
            </Button>
            <Typography.Text type="secondary">{NoticeText.SyncHint}</Typography.Text>
          </Space>
          <QueryBlock query={candidates} emptyText={NoticeText.NoStaff} minHeight={80}>
            {(staff) => (
              <Form
                form={form}
                name="crm-notice"
                layout="inline"
                initialValues={{ userId: current?.userId }}
                onFinish={(values) => void submit(values)}
              >
                <Form.Item name="userId" label={NoticeText.Pick} rules={[{ required: true, message: CrmMessage.UserRequired }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    aria-label={NoticeText.Pick}
                    placeholder={NoticeText.Placeholder}
                    style={{ width: 320 }}
                    options={staff.map((person) => ({ value: person.crmUserId, label: NoticeText.option(person.userName, person.deptName) }))}
                  />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={saving.isLoading}>
                    {NoticeText.Save}
                  </Button>
                </Form.Item>
              </Form>
            )}
          </QueryBlock>
        </>
      )}
    </QueryBlock>
  );
}
