import { REMOTE_PAGES } from '@portal/contracts';
import { lowBalanceNotice, ReportMessage, type LowBalanceItem } from '@portal/contracts/reports';
import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { usePageServed } from '../remotes/pageRoutes';
import { LowBalanceText } from './texts';

export interface LowBalanceDialogProps {
  items: readonly LowBalanceItem[];
  open: boolean;
  onClose: () => void;
}

/**
 * 余额不足提醒 (spec 000 section 2, balance centre): each project with LOW_BALANCE_DAYS days of
 * balance or fewer, its days and balance; top-ups go through customer service. 查看余额 opens the
 * balance centre (the reports remote: the router's navigation, which single-spa follows), while a
 * remote of the page serves it.
 */
export function LowBalanceDialog({ items, open, onClose }: LowBalanceDialogProps) {
  const navigate = useNavigate();
  const served = usePageServed();
  const viewBalance = () => {
    onClose();
    navigate(REMOTE_PAGES.balanceCenter);
  };
  return (
    <Modal
      title={ReportMessage.LowBalanceTitle}
      open={open}
      onCancel={onClose}
      footer={[
        <Button key="dismiss" onClick={onClose}>
          {LowBalanceText.Dismiss}
        </Button>,
        ...(served(REMOTE_PAGES.balanceCenter)
          ? [
              <Button key="view" type="primary" onClick={viewBalance}>
                {LowBalanceText.ViewBalance}
              </Button>,
            ]
          : []),
      ]}
    >
      <ul aria-label={LowBalanceText.Projects} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => {
          // The same facts, in the same words, as the message the ledger sends.
          const notice = lowBalanceNotice(item);
          return (
            <li key={item.itemId} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '4px 12px', padding: '6px 0' }}>
              <Typography.Text strong style={{ flex: '1 1 160px', minWidth: 0 }}>
                {notice.title}
              </Typography.Text>
              <Typography.Text type="danger">{notice.days}</Typography.Text>
              <Typography.Text type="secondary">{notice.balance}</Typography.Text>
            </li>
          );
        })}
      </ul>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        {LowBalanceText.TopUpHint}
      </Typography.Paragraph>
    </Modal>
  );
}
