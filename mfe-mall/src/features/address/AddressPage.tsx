import { queryErrorMessage } from '@portal/api-client';
import { type Address, ADDRESS_MAX } from '@portal/contracts/mall';
import { ConfirmAction, PageFrame, PortalTable, QueryBlock } from '@portal/design-system';
import { App, Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { AddressDialog } from './AddressDialog';
import { useAddressesQuery, useDeleteAddressMutation, useSetDefaultAddressMutation } from './addressApi';
import { AddressText } from './texts';

/** The region of an address as one line: province city area street. */
export const regionText = (address: Address): string => [address.province, address.city, address.area, address.street].join(' ');

/** The dialog open now: a new address (null) or the one edited. */
type Editing = { address: Address | null } | null;

/**
 * /shop-address, the delivery addresses (spec 000 sections 2 and 5): the customer's addresses
 * (the default first, marked 默认), add (at most ADDRESS_MAX), edit, set default and delete after
 * confirming. The server keeps exactly one default; each change shows the list it answers.
 */
export default function AddressPage() {
  const { message } = App.useApp();
  const list = useAddressesQuery();
  const [deleteAddress] = useDeleteAddressMutation();
  const [setDefault, settingDefault] = useSetDefaultAddressMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const count = list.data?.length ?? 0;
  const full = count >= ADDRESS_MAX;

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(done);
    } catch (error) {
      message.error(queryErrorMessage(error, AddressText.ActionFailed));
    }
  };

  const columns: TableColumnsType<Address> = [
    {
      key: 'name',
      title: AddressText.Receiver,
      render: (_, address) => (
        <Space size={4}>
          <span>{address.name}</span>
          {address.isDefault === 1 && <Tag color="orange">{AddressText.Default}</Tag>}
        </Space>
      ),
    },
    { key: 'mobile', dataIndex: 'mobile', title: AddressText.Mobile },
    { key: 'region', title: AddressText.Region, render: (_, address) => regionText(address) },
    { key: 'address', dataIndex: 'address', title: AddressText.Detail },
    { key: 'postalCode', dataIndex: 'postalCode', title: AddressText.PostalCode, render: (code: string | null) => code ?? '' },
    {
      key: 'actions',
      title: AddressText.Actions,
      render: (_, address) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ address })}>
            {AddressText.Edit}
          </Button>
          {address.isDefault !== 1 && (
            <Button
              type="link"
              size="small"
              disabled={settingDefault.isLoading}
              onClick={() => void act(() => setDefault(address.id).unwrap(), AddressText.DefaultSet)}
            >
              {AddressText.SetDefault}
            </Button>
          )}
          <ConfirmAction title={AddressText.ConfirmDelete} onConfirm={() => act(() => deleteAddress(address.id).unwrap(), AddressText.Deleted)}>
            <Button type="link" size="small" danger>
              {AddressText.Delete}
            </Button>
          </ConfirmAction>
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title={AddressText.Title}
      extra={
        <Space wrap>
          {full && <Typography.Text type="secondary">{AddressText.LimitHint}</Typography.Text>}
          <Button type="primary" disabled={full} onClick={() => setEditing({ address: null })}>
            {AddressText.Add}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {list.data && <Typography.Text type="secondary">{AddressText.count(count)}</Typography.Text>}
        <QueryBlock query={list} emptyText={AddressText.Empty}>
          {(addresses) => (
            <PortalTable<Address> rowKey="id" size="middle" columns={columns} dataSource={addresses} loading={list.isFetching} pagination={false} />
          )}
        </QueryBlock>
      </Space>
      <AddressDialog open={editing !== null} address={editing?.address ?? null} onClose={() => setEditing(null)} />
    </PageFrame>
  );
}
