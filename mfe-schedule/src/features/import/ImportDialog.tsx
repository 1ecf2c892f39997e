import { UploadOutlined } from '@ant-design/icons';
import { ApiErrorCode, errorMessage, isApiError } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { type ImportResult, ScheduleMessage } from '@portal/contracts/schedule';
import { Alert, App, Button, Flex, Modal, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { checkImportFile, IMPORT_ACCEPT, uploadSchedule } from './importFile';
import { TargetSummary } from './TargetSummary';
import { ImportText } from './texts';

export interface ImportDialogProps {
  open: boolean;
  /** The day the sheet fills. */
  target: { crmCode: CrmCode; itemId: number; date: string };
  /** The project's title, as the dialog shows it. */
  project: string;
  onClose: () => void;
  /** The server took the sheet: done, or names to resolve first. */
  onResult: (result: ImportResult) => void;
}

/**
 * 导入排班: the day it fills (and that it overwrites that day's schedule of the project), a sheet
 * chosen (xls or xlsx under 2 MB, checked before anything is sent), then 开始导入 uploads it with
 * its progress. Closing the dialog during the upload abandons it.
 */
export function ImportDialog({ open, target, project, onClose, onResult }: ImportDialogProps) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const uploading = percent !== null;

  const beforeUpload: UploadProps['beforeUpload'] = (chosen) => {
    const problem = checkImportFile(chosen);
    if (problem) message.error(problem);
    else setFile(chosen);
    // The dialog keeps the file and sends it on 开始导入; antd's own list and upload are not used.
    return Upload.LIST_IGNORE;
  };

  const start = async () => {
    if (!file) {
      message.warning(ScheduleMessage.ImportFileRequired);
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setPercent(0);
    try {
      const result = await uploadSchedule({ ...target, file }, setPercent, controller.signal);
      onResult(result);
    } catch (error) {
      if (isApiError(error) && error.code === ApiErrorCode.Canceled) return;
      message.error(errorMessage(error, ScheduleMessage.OperationFailed));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setPercent(null);
      }
    }
  };

  const close = () => {
    upload.current?.abort();
    upload.current = null;
    onClose();
  };

  return (
    <Modal
      open={open}
      title={ImportText.Title}
      okText={ImportText.Start}
      cancelText={ImportText.Cancel}
      confirmLoading={uploading}
      onOk={() => void start()}
      onCancel={close}
      afterClose={() => {
        setFile(null);
        setPercent(null);
      }}
      destroyOnHidden
    >
      <TargetSummary project={project} date={target.date} />
      <Alert type="warning" showIcon title={ImportText.Overwrite} style={{ marginBottom: 16 }} />
      <Flex vertical gap={8}>
        <Upload accept={IMPORT_ACCEPT} showUploadList={false} beforeUpload={beforeUpload} disabled={uploading}>
          <Button icon={<UploadOutlined />} disabled={uploading}>
            {ImportText.Choose}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{ImportText.Hint}</Typography.Text>
        {file && (
          <Typography.Text>
            {ImportText.Chosen}
            {ImportText.file(file.name, file.size)}
          </Typography.Text>
        )}
        {uploading && <Progress percent={percent} aria-label={ImportText.Progress} />}
      </Flex>
    </Modal>
  );
}
