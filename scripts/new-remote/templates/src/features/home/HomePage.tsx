import { PageFrame, QueryBlock } from '@portal/design-system';
import { useCurrentUserQuery } from './homeApi';
import { HomeText } from './texts';
import { Welcome } from './Welcome';

/** The remote's home page: its title and the logged-in account, with loading, failure and 重试 (QueryBlock). */
export default function HomePage() {
  const user = useCurrentUserQuery();
  return (
    <PageFrame title={HomeText.Title}>
      <QueryBlock query={user} minHeight={80}>
        {(shown) => <Welcome account={shown.loginAccount} />}
      </QueryBlock>
    </PageFrame>
  );
}
