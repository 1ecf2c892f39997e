import type { ImportResult } from '@portal/contracts/schedule';
import { Flex, Modal, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { ImportText } from './texts';

/** A name of the sheet that several staff members carry: the rows it is on and the candidates. */
export type ImportRepeat = Extract<ImportResult, { status: 'repeat' }>['repeats'][number];
/** For each repeated name, the staff member chosen; null leaves it to the server (the first candidate). */
export type RepeatChoice = { userName: string; userId: number | null };

export interface RepeatNamesDialogProps {
  open: boolean;
  repeats: readonly ImportRepeat[];
  /** The choices are being sent. */
  submitting?: boolean;
  onSubmit: (choices: RepeatChoice[]) => void;
  onClose: () => void;
}

/** The radio value of "no choice" (candidate ids start at 1). */
const NONE = 0;

/**
 * The repeat-name dialog of an import (spec: choosing none takes the first person): each repeated
 * name with its rows and its candidates (name, phone, department), one chosen or none.
 */
export function RepeatNamesDialog({ open, repeats, submitting, onSubmit, onClose }: RepeatNamesDialogProps) {
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const idPrefix = useId();

  return (
    <Modal
      open={open}
      title={ImportText.RepeatTitle}
      okText={ImportText.RepeatSubmit}
      cancelText={ImportText.Cancel}
      confirmLoading={submitting}
      onOk={() => onSubmit(repeats.map(({ userName }) => ({ userName, userId: chosen[userName] || null })))}
      onCancel={onClose}
      afterClose={() => setChosen({})}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{ImportText.RepeatHint}</Typography.Paragraph>
      <Flex vertical gap={16}>
        {repeats.map((repeat, index) => {
          const headingId = `${idPrefix}-${index}`;
          return (
            <section key={repeat.userName} aria-labelledby={headingId}>
              <Typography.Text strong id={headingId}>
                {repeat.userName}
                <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
                  {ImportText.rows(repeat.rows)}
                </Typography.Text>
              </Typography.Text>
              <Radio.Group
                name={headingId}
                aria-labelledby={headingId}
                value={chosen[repeat.userName] ?? NONE}
                onChange={(event) => setChosen({ ...chosen, [repeat.userName]: Number(event.target.value) })}
                style={{ display: 'block', marginTop: 8 }}
              >
                <Flex vertical gap={4}>
                  <Radio value={NONE}>{ImportText.NoChoice}</Radio>
                  {repeat.candidates.map((candidate) => (
                    <Radio key={candidate.id} value={candidate.id}>
                      {ImportText.candidate(candidate.userName, candidate.phone, candidate.deptName)}
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            </section>
          );
        })}
      </Flex>
    </Modal>
  );
}
