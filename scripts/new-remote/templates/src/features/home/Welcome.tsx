import { Typography } from 'antd';
import { HomeText } from './texts';

export interface WelcomeProps {
  /** The logged-in account. */
  account: string;
}

/** What the home page shows once the account is known. */
export function Welcome({ account }: WelcomeProps) {
  return (
    <>
      <Typography.Paragraph strong>{HomeText.account(account)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{HomeText.Intro}</Typography.Paragraph>
    </>
  );
}
