import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, type CrmCode } from '@portal/contracts';
import { CrmMessage, type AccountForm as AccountFormBody } from '@portal/contracts/crm';
import { QueryBlock } from '@portal/design-system';
import { App } from 'antd';
import { ConnectionAlert } from '../connection/ConnectionAlert';
import { identityChanged } from './accountForm';
import { useGetAccountQuery, useSaveAccountMutation } from './accountApi';
import { AccountForm } from './AccountForm';

export interface AccountTabProps {
  crmCode: CrmCode;
}

/**
 * 账号配置: the CRM account's form and its push connection. Saving a changed tenant (ec: the
 * CorpID) clears the earlier configuration, so it asks first ('已取消' when not); the save
 * reports '保存成功！', or the server's reason, else '保存失败' (never a false success).
 */
export function AccountTab({ crmCode }: AccountTabProps) {
  const { message, modal } = App.useApp();
  const account = useGetAccountQuery(crmCode);
  const [save, saving] = useSaveAccountMutation();

  const run = async (body: AccountFormBody) => {
    try {
      await save(body).unwrap();
      message.success(CrmMessage.SaveSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, CrmMessage.SaveFailed));
    }
  };

  const submit = (body: AccountFormBody) => {
    if (!identityChanged(crmCode, account.data ?? null, body)) {
      void run(body);
      return;
    }
    modal.confirm({
      title: crmCode === 'ec' ? CrmMessage.CorpIdChangeConfirm : CrmMessage.AccountChangeConfirm,
      onOk: () => run(body),
      onCancel: () => {
        message.info(CommonMessage.Cancelled);
      },
    });
  };

  return (
    <QueryBlock query={account} isEmpty={() => false}>
      {(data) => (
        <>
          {data && <ConnectionAlert crmCode={crmCode} connection={data.connection} />}
          <AccountForm crmCode={crmCode} account={data} saving={saving.isLoading} onSubmit={submit} />
        </>
      )}
    </QueryBlock>
  );
}
