import { BADGE_CAP } from '@portal/contracts';
import { Badge } from 'antd';
import type { ReactNode } from 'react';

export interface CountBadgeProps {
  count: number;
  /** What the badge sits on (a bell icon, a menu label); alone when left out. */
  children?: ReactNode;
  /** Show 0 instead of hiding the badge. */
  showZero?: boolean;
}

/** What a CountBadge of `count` shows (null: nothing), for a name that must hold it. */
export const countBadgeText = (count: number): string | null => {
  if (count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
};

/** An unread count, shown as '99+' above BADGE_CAP. */
export function CountBadge({ count, children, showZero = false }: CountBadgeProps) {
  return (
    <Badge count={count} overflowCount={BADGE_CAP} showZero={showZero}>
      {children}
    </Badge>
  );
}
