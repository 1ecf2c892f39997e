import { WalletOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import { formatMoney } from '@portal/contracts/reports';
import { LoadingState } from '@portal/design-system';
import { Button, Flex, Popover, Typography } from 'antd';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useBalanceQuery, usePointsQuery } from '../store/shellApi';
import { useNavPopover } from './useNavPopover';
import { useWalletEntries } from './walletEntries';
import { WalletText } from './walletTexts';

/** An answer older than this is fetched again when the popover opens (seconds). */
const STALE_ON_OPEN_S = 30;

/** Keys that open the popover from its button and move into it. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * 钱包 in the top navigation (spec 000 section 2): hovering or clicking opens the total cash
 * balance of the customer's projects (the balance centre's `summary.money`, yuan) and the entries
 * the remotes of the page declare (useWalletEntries): the points with their figure, the balance
 * centre, top-up records, consumption report and shop orders. The balance is fetched when the
 * popover opens (unless just answered), the points every time it opens (an exchange in the mall
 * lowers them); a closed popover fetches nothing. Opened from the keyboard, the focus moves to the
 * first link; Escape closes it and gives the focus back to the button.
 */
export function WalletPopover() {
  const { open, close, show, popoverProps, triggerProps } = useNavPopover();
  const entries = useWalletEntries();
  const figures = entries.filter((entry) => entry.figure === 'points');
  const links = entries.filter((entry) => entry.figure === undefined);
  const { data, error, isError } = useBalanceQuery(undefined, { skip: !open, refetchOnMountOrArgChange: STALE_ON_OPEN_S });
  const points = usePointsQuery(undefined, { skip: !open || figures.length === 0, refetchOnMountOrArgChange: true });
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
      {figures.length + links.length > 0 ? (
        <nav aria-label={WalletText.Title} style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
          <Flex vertical gap={4}>
            {[...figures, ...links].map((entry, index) => (
              <Flex key={entry.path} justify="space-between" align="baseline" gap={8}>
                <Link ref={index === 0 ? firstLink : undefined} to={entry.path} onClick={close}>
                  {entry.label}
                </Link>
                {entry.figure === 'points' ? <PointsFigure query={points} /> : null}
              </Flex>
            ))}
          </Flex>
        </nav>
      ) : null}
    </div>
  );

  return (
    <Popover title={WalletText.Title} content={content} trigger={['hover', 'click']} placement="bottomRight" {...popoverProps}>
      <Button
        {...triggerProps}
        ref={button}
        type="text"
        icon={<WalletOutlined />}
        aria-expanded={open}
        onKeyDown={(event) => {
          triggerProps.onKeyDown();
          if (OPEN_KEYS.has(event.key)) focusInside.current = true;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            show();
          }
        }}
      >
        {WalletText.Wallet}
      </Button>
    </Popover>
  );
}

/** The points balance beside its wallet entry: the figure, a dash while it loads, or why it failed. */
function PointsFigure({ query }: { query: ReturnType<typeof usePointsQuery> }) {
  if (query.data) return <Typography.Text strong>{query.data.currentScore.toLocaleString('zh-CN')}</Typography.Text>;
  if (query.isError) return <Typography.Text type="danger">{queryErrorMessage(query.error, WalletText.PointsLoadFailed)}</Typography.Text>;
  return <Typography.Text type="secondary">{WalletText.Loading}</Typography.Text>;
}
