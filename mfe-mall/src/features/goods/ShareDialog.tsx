import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { queryId } from '../../routes';
import { useShareTaskMutation } from '../tasks/tasksApi';
import { GoodsText } from './texts';

/**
 * The share-link dialog of a good (spec 000 section 2, Goods detail): the page's address and
 * 复制链接. A copy completes the task wall's share task for the good of the page (its `?id=`, as
 * the goods detail reads it): the server pays it once a China day, so every copy may call; the
 * call's failure is no concern of the copy's.
 */
export function ShareDialog({ open, url, onClose }: { open: boolean; url: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [searchParams] = useSearchParams();
  const goodId = queryId(searchParams.get('id'));
  const [shareTask] = useShareTaskMutation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(GoodsText.Copied);
    } catch {
      void message.error(GoodsText.CopyFailed);
      return;
    }
    if (goodId !== null) void shareTask(goodId);
  };
  return (
    <Modal open={open} title={GoodsText.ShareTitle} onCancel={onClose} footer={null} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>{GoodsText.ShareHint}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={url} aria-label={GoodsText.ShareLink} onFocus={(event) => event.target.select()} />
          <Button type="primary" onClick={() => void copy()}>
            {GoodsText.Copy}
          </Button>
        </Space.Compact>
      </Space>
    </Modal>
  );
}
