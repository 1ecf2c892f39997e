import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { GoodsText } from './texts';

/** The share-link dialog of a good (spec 000 section 2, Goods detail): the page's address and 复制链接. */
export function ShareDialog({ open, url, onClose }: { open: boolean; url: string; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(GoodsText.Copied);
    } catch {
      void message.error(GoodsText.CopyFailed);
    }
  };
  return (
    <Modal open={open} title={GoodsText.ShareTitle} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
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
