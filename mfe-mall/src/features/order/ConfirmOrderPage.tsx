import { exchangeRefusal, MallMessage, type Address, type Good } from '@portal/contracts/mall';
import { EmptyState, PageFrame, QueryBlock, queryErrorText } from '@portal/design-system';
import { Alert, Button, Card, Descriptions, Flex, Modal, Radio, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { goodHref, MallPath, orderDetailHref, queryId } from '../../routes';
import { AddressDialog } from '../address/AddressDialog';
import { useAddressesQuery } from '../address/addressApi';
import { InsufficientPointsDialog } from '../goods/InsufficientPointsDialog';
import { useGoodQuery } from '../goods/goodsApi';
import { usePointsQuery } from '../points/pointsApi';
import { useCreateOrderMutation } from './orderApi';
import { OrderText } from './texts';

/** Addresses shown before 显示更多地址 (spec 000 section 2, Order confirmation). */
const ADDRESSES_SHOWN = 2;

const points = (value: number): string => value.toLocaleString('zh-CN');
const newKey = (): string => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The address radio list: the first two (the default first), 显示更多地址 above two, 修改 on each, 新增收货地址. */
function AddressChoice({ addresses, chosen, onChoose }: { addresses: Address[]; chosen: number | null; onChoose: (id: number) => void }) {
  const [all, setAll] = useState(false);
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const shown = all ? addresses : addresses.slice(0, ADDRESSES_SHOWN);
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{OrderText.Address}</h2>}
      extra={<Link to={MallPath.Address}>{OrderText.Manage}</Link>}
    >
      {addresses.length === 0 ? <EmptyState description={OrderText.NoAddress} /> : null}
      <Radio.Group value={chosen} onChange={(event) => onChoose(event.target.value as number)} style={{ width: '100%' }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {shown.map((address) => (
            <Flex key={address.id} align="center" justify="space-between" gap={8} wrap>
              <Radio value={address.id}>
                {address.name} {address.mobile} {address.province}
                {address.city}
                {address.area}
                {address.street} {address.address}
              </Radio>
              <Space>
                {address.isDefault === 1 ? <Tag color="blue">{OrderText.Default}</Tag> : null}
                <Button type="link" size="small" onClick={() => setEditing(address)} aria-label={`${OrderText.Modify} ${address.name}`}>
                  {OrderText.Modify}
                </Button>
              </Space>
            </Flex>
          ))}
        </Space>
      </Radio.Group>
      <Space style={{ marginTop: 8 }}>
        {addresses.length > ADDRESSES_SHOWN ? (
          <Button type="link" onClick={() => setAll((value) => !value)}>
            {all ? OrderText.ShowLess : OrderText.ShowMore}
          </Button>
        ) : null}
        <Button onClick={() => setEditing(null)}>{OrderText.NewAddress}</Button>
      </Space>
      <AddressDialog
        open={editing !== undefined}
        address={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          onChoose(saved.id);
        }}
      />
    </Card>
  );
}

/** The order of `amount` of `good`: address, order line, courier, total, 提交订单 → 确认兑换 → the order. */
function Confirmation({ good, amount, balance, addresses }: { good: Good; amount: number; balance: number; addresses: Address[] }) {
  const [chosen, setChosen] = useState<number | null>(() => (addresses.find((address) => address.isDefault === 1) ?? addresses[0])?.id ?? null);
  const [confirming, setConfirming] = useState(false);
  const [short, setShort] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per confirmation: a repeated click, or a retry after a lost answer, makes one order.
  const [key] = useState(newKey);
  const [createOrder, creating] = useCreateOrderMutation();
  const total = good.exchangeScore * amount;

  const submit = () => {
    setError(null);
    const refusal = exchangeRefusal(amount, good.stock, good.exchangeScore, balance);
    if (refusal === MallMessage.PointsInsufficient) setShort(total);
    else if (refusal) setError(refusal);
    else if (chosen === null) setError(OrderText.ChooseAddress);
    else setConfirming(true);
  };
  const place = async () => {
    if (chosen === null) return;
    const answer = await createOrder({ body: { goodId: good.id, amount, addressId: chosen }, key });
    setConfirming(false);
    if ('error' in answer) {
      const text = queryErrorText(answer.error);
      if (text === MallMessage.PointsInsufficient) setShort(total);
      else setError(text);
    }
  };

  if (creating.data)
    return (
      <Result
        status="success"
        title={OrderText.Done}
        subTitle={OrderText.doneBody(creating.data.orderCode)}
        extra={[
          <Link key="order" to={orderDetailHref(creating.data.id)}>
            {OrderText.SeeOrder}
          </Link>,
          <Link key="mall" to={MallPath.Home}>
            {OrderText.More}
          </Link>,
          <Link key="log" to={MallPath.PointsLog}>
            {OrderText.PointsLog}
          </Link>,
        ]}
      />
    );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AddressChoice addresses={addresses} chosen={chosen} onChoose={setChosen} />
      <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{OrderText.Goods}</h2>}>
        <Descriptions column={{ xs: 1, md: 4 }} size="small">
          <Descriptions.Item label={OrderText.Good}>
            <Link to={goodHref(good.id)}>{good.title}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={OrderText.Price}>{points(good.exchangeScore)}</Descriptions.Item>
          <Descriptions.Item label={OrderText.Amount}>{amount}</Descriptions.Item>
          <Descriptions.Item label={OrderText.Subtotal}>{points(total)}</Descriptions.Item>
        </Descriptions>
        <Typography.Text>
          {OrderText.Delivery}：{OrderText.Courier} {OrderText.Fee}
        </Typography.Text>
      </Card>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Flex justify="flex-end" align="center" gap={16}>
        <Typography.Text strong>
          {OrderText.Total}：{points(total)} 积分
        </Typography.Text>
        <Button type="primary" onClick={submit} loading={creating.isLoading}>
          {OrderText.Submit}
        </Button>
      </Flex>
      <Modal
        open={confirming}
        title={OrderText.ConfirmTitle}
        okText={OrderText.Confirm}
        cancelText={OrderText.Cancel}
        confirmLoading={creating.isLoading}
        onOk={() => void place()}
        onCancel={() => setConfirming(false)}
      >
        {OrderText.confirmBody(points(total))}
      </Modal>
      <InsufficientPointsDialog need={short} have={balance} onClose={() => setShort(null)} />
    </Space>
  );
}

/** /confirm-order?id=&num=, the order confirmation (spec 000 section 2). */
export default function ConfirmOrderPage() {
  const [searchParams] = useSearchParams();
  const id = queryId(searchParams.get('id'));
  const amount = queryId(searchParams.get('num'));
  const good = useGoodQuery(id ?? 0, { skip: id === null });
  const summary = usePointsQuery();
  const addresses = useAddressesQuery();
  if (id === null || amount === null)
    return (
      <PageFrame title={OrderText.Title}>
        <EmptyState description={OrderText.BadLink}>
          <Link to={MallPath.Home}>{OrderText.More}</Link>
        </EmptyState>
      </PageFrame>
    );
  return (
    <PageFrame title={OrderText.Title}>
      <QueryBlock query={good} minHeight={240}>
        {(shownGood) => (
          <QueryBlock query={summary}>
            {(shownSummary) => (
              // No address yet is not an empty page: the confirmation offers 新增收货地址.
              <QueryBlock query={addresses} isEmpty={() => false}>
                {(list) => <Confirmation good={shownGood} amount={amount} balance={shownSummary.currentScore} addresses={list} />}
              </QueryBlock>
            )}
          </QueryBlock>
        )}
      </QueryBlock>
    </PageFrame>
  );
}
