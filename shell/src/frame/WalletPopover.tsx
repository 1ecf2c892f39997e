import { WalletOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import { REMOTE_PAGES } from '@portal/contracts';
import { formatMoney } from '@portal/contracts/reports';
import { LoadingState } from '@portal/design-system';
import { Button, Flex, Popover, Typography } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { usePageServed } from '../remotes/pageRoutes';
import { useBalanceQuery } from '../store/shellApi';
import { WalletText } from './walletTexts';

/** An answer older than this is fetched again when the popover opens (seconds). */
const STALE_ON_OPEN_S = 30;

/**
 * The wallet links of the popover (the reports remote serves them today), each shown while a
 * remote of the page declares its page. The spec's wallet also holds the points (brand feature
 * `points`) and the shop orders (`shopOrders`): they come with the points mall, each shown only
 * where the brand has its feature, like the top bar's other brand entries.
 */
export const WALLET_LINKS = [
  { to: REMOTE_PAGES.balanceCenter, label: WalletText.BalanceCenter },
  { to: REMOTE_PAGES.paymentRecord, label: WalletText.PaymentRecord },
  { to: REMOTE_PAGES.expensesRecord, label: WalletText.ExpensesRecord },
] as const;

/** Keys that open the popover from its button and move into it. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * 钱包 in the top navigation (spec 000 section 2): hovering or clicking opens the total cash
 * balance of the customer's projects (the balance centre's `summary.money`, yuan) and the links to
 * the balance centre, top-up records and consumption report. The balance is fetched when the
 * popover opens (unless just answered); a closed popover fetches nothing. Opened from the keyboard,
 * the focus moves to the first link; Escape closes it and gives the focus back to the button.
 */
export function WalletPopover() {
  const [open, setOpen] = useState(false);
  const served = usePageServed();
  const links = WALLET_LINKS.filter((link) => served(link.to));
  const { data, error, isError } = useBalanceQuery(undefined, { skip: !open, refetchOnMountOrArgChange: STALE_ON_OPEN_S });
  const button = useRef<HTMLButtonElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);
  const focusInside = useRef(false);

  useEffect(() => {
    const wanted = focusInside.current;
    focusInside.current = false;
    if (!open || !wanted) return;
    // The content is rendered into its portal after the open state; focus it on the next frame.
    const frame = requestAnimationFrame(() => firstLink.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const close = () => setOpen(false);
  const closeByKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    button.current?.focus();
  };

  let balance;
  if (!data && isError) balance = <Typography.Text type="danger">{queryErrorMessage(error, WalletText.BalanceLoadFailed)}</Typography.Text>;
  else if (!data) balance = <LoadingState minHeight={40} />;
  else
    balance = (
      <Typography.Text strong style={{ fontSize: 20 }}>
        {formatMoney(data.summary.money)}
      </Typography.Text>
    );

  const content = (
    <div style={{ width: 220 }} onKeyDown={closeByKey}>
      <div style={{ paddingBottom: 8 }}>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {WalletText.CashBalance}
        </Typography.Text>
        {balance}
      </div>
      {links.length > 0 ? (
        <nav aria-label={WalletText.Title} style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
          <Flex vertical gap={4}>
            {links.map((link, index) => (
              <Link key={link.to} ref={index === 0 ? firstLink : undefined} to={link.to} onClick={close}>
                {link.label}
              </Link>
            ))}
          </Flex>
        </nav>
      ) : null}
    </div>
  );

  return (
    <Popover title={WalletText.Title} content={content} trigger={['hover', 'click']} placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button
        ref={button}
        type="text"
        icon={<WalletOutlined />}
        aria-expanded={open}
        onKeyDown={(event) => {
          if (OPEN_KEYS.has(event.key)) focusInside.current = true;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {WalletText.Wallet}
      </Button>
    </Popover>
  );
}
