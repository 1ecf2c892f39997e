import { MallMessage } from '@portal/contracts/mall';
import { Button, Modal, Typography } from 'antd';
import { GoodsText } from './texts';

/** '积分余额不足' (spec 000 section 5, Exchange): what the exchange needs and what the customer has. */
export function InsufficientPointsDialog({ need, have, onClose }: { need: number | null; have: number; onClose: () => void }) {
  return (
    <Modal
      open={need !== null}
      title={GoodsText.InsufficientTitle}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {GoodsText.EarnPoints}
        </Button>
      }
    >
      <Typography.Paragraph strong>{MallMessage.PointsInsufficient}</Typography.Paragraph>
      {need !== null ? <Typography.Paragraph>{GoodsText.InsufficientBody(need, have)}</Typography.Paragraph> : null}
    </Modal>
  );
}
