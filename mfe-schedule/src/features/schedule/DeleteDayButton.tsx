import { queryErrorMessage } from '@portal/api-client';
import { ScheduleMessage } from '@portal/contracts/schedule';
import { ConfirmAction } from '@portal/design-system';
import { App, Button } from 'antd';
import { useDeleteDayMutation } from '../../api/scheduleCalls';
import { targetProblem, type ScheduleTarget } from './target';
import { SchedulePageText } from './texts';

export interface DeleteDayButtonProps {
  target: ScheduleTarget;
  /** How many people the chosen day has (the server's); undefined while they load. */
  rowCount: number | undefined;
}

/**
 * 删除: unschedules the chosen day of the project. Without projects or a project it says so; a day
 * without rows says '暂无数据可删'; else it asks '确定要删除吗?' (取消: '已取消删除') and says
 * '删除成功！', or the server's reason, else '删除失败！'.
 */
export function DeleteDayButton({ target, rowCount }: DeleteDayButtonProps) {
  const { message } = App.useApp();
  const [deleteDay] = useDeleteDayMutation();
  const problem = targetProblem(target) ?? (rowCount === 0 ? ScheduleMessage.NothingToDelete : null);
  const { crmCode, itemId, date } = target;

  const remove = async () => {
    if (itemId === null) return;
    try {
      await deleteDay({ crmCode, itemId, date }).unwrap();
      message.success(ScheduleMessage.DeleteSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.DeleteFailed));
    }
  };

  return (
    <ConfirmAction
      title={ScheduleMessage.DeleteConfirm}
      cancelMessage={ScheduleMessage.DeleteCancelled}
      disabled={problem !== null}
      onConfirm={remove}
    >
      <Button danger disabled={problem === null && rowCount === undefined} onClick={() => problem && message.warning(problem)}>
        {SchedulePageText.Delete}
      </Button>
    </ConfirmAction>
  );
}
