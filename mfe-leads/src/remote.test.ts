import { remoteDeclarationSchema } from '@portal/contracts/remotes';
import { remote } from './remote';

describe("the leads remote's declaration", () => {
  it('puts every lead list in the menu, the search-engine message board under 常规投放 whose reports count its leads', () => {
    expect(remoteDeclarationSchema.parse(remote)).toEqual(remote);
    expect(remote.menu.map((entry) => [entry.group, entry.path])).toEqual([
      ['regular', '/feedback'],
      ['regular', '/info-list'],
      ['regular', '/bai-list'],
      ['smart', '/resource'],
    ]);
  });
});
