import { REMOTE_PAGES } from '@portal/contracts';
import { Button, Flex, Modal, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useBrand } from '../brand/BrandContext';
import { usePageServed } from '../remotes/pageRoutes';
import { GUIDE } from './guideSteps';
import { GuideText } from './texts';

export interface GuideDialogProps {
  open: boolean;
  /** 跳过 (any step) or 完成 (last step), and closing the dialog. */
  onClose: (how: 'skip' | 'finish') => void;
}

/**
 * The five-step new-user guide: 跳过 on every step, 完成 on the last. The points and the mall are
 * told of on brands with points, while a remote of the page serves the points mall.
 */
export function GuideDialog({ open, onClose }: GuideDialogProps) {
  const { features } = useBrand();
  const served = usePageServed();
  const withPoints = features.points && served(REMOTE_PAGES.pointsMall);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (open) setCurrent(0);
  }, [open]);

  const step = GUIDE[current];
  const last = current === GUIDE.length - 1;
  const description = !withPoints && step.descriptionWithoutPoints ? step.descriptionWithoutPoints : step.description;

  return (
    <Modal
      open={open}
      title={GuideText.Title}
      width={640}
      onCancel={() => onClose('skip')}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Button onClick={() => onClose('skip')}>{GuideText.Skip}</Button>
          <Flex gap={8}>
            {current > 0 ? <Button onClick={() => setCurrent(current - 1)}>{GuideText.Previous}</Button> : null}
            {last ? (
              <Button type="primary" onClick={() => onClose('finish')}>
                {GuideText.Finish}
              </Button>
            ) : (
              <Button type="primary" onClick={() => setCurrent(current + 1)}>
                {GuideText.Next}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <Steps size="small" current={current} items={GUIDE.map((item) => ({ title: item.title }))} style={{ margin: '16px 0 24px' }} />
      <Typography.Text type="secondary">{GuideText.progress(current + 1, GUIDE.length)}</Typography.Text>
      <Typography.Title level={4} style={{ marginTop: 8 }}>
        {step.title}
      </Typography.Title>
      <Typography.Paragraph>{description}</Typography.Paragraph>
    </Modal>
  );
}
