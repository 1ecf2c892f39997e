import { queryErrorMessage } from '@portal/api-client';
import { type SigninState, SIGNIN_CYCLE_DAYS, type Task, TaskStatus } from '@portal/contracts/mall';
import { PageFrame, QueryBlock } from '@portal/design-system';
import { App, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { usePointsQuery } from '../points/pointsApi';
import { PointsSummary } from '../points/PointsSummary';
import { useSignInMutation, useSigninQuery, useTasksQuery } from './tasksApi';
import { continuityLabel, dayLabel, pointsLabel, signedMessage, TaskText } from './texts';

const noTasks = (tasks: Task[]) => tasks.length === 0;
const never = () => false;

/** The 7-day strip: each day's points, the signed ones marked, today's slot highlighted (aria-current). */
function SigninStrip({ state }: { state: SigninState }) {
  return (
    <Flex component="ul" aria-label={TaskText.Strip} gap={8} wrap style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {state.days.map((slot) => {
        const today = slot.day === state.todaySlot;
        return (
          <li
            key={slot.day}
            aria-current={today ? 'date' : undefined}
            style={{
              minWidth: 88,
              padding: '8px 12px',
              textAlign: 'center',
              borderRadius: 8,
              border: `2px solid ${today ? '#fa8c16' : '#f0f0f0'}`,
              background: slot.signed ? '#fff7e6' : '#fff',
            }}
          >
            <div>{today ? TaskText.Today : dayLabel(slot.day)}</div>
            <div>{slot.day === SIGNIN_CYCLE_DAYS ? `${TaskText.GiftPack} ${pointsLabel(slot.points)}` : pointsLabel(slot.points)}</div>
            {slot.signed && <Tag color="success">{TaskText.Signed}</Tag>}
          </li>
        );
      })}
    </Flex>
  );
}

/** The reward tasks: what to do, the reward, and 去完成 or 已完成 (today). */
function TaskList({ tasks }: { tasks: Task[] }) {
  const ordered = [...tasks].sort((a, b) => Number(Boolean(b.top)) - Number(Boolean(a.top)));
  return (
    <Flex component="ul" aria-label={TaskText.TasksTitle} vertical gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {ordered.map((task) => (
        <li key={task.key}>
          <Card size="small">
            <Flex justify="space-between" align="center" gap={16} wrap>
              <Space size={8} wrap>
                <Typography.Text strong>{task.content}</Typography.Text>
                {task.top && <Tag color="orange">{TaskText.Recommended}</Tag>}
                <Typography.Text type="secondary">{task.award}</Typography.Text>
              </Space>
              {task.status === TaskStatus.Done ? <Tag color="success">{TaskText.Done}</Tag> : <Tag color="processing">{TaskText.Todo}</Tag>}
            </Flex>
          </Card>
        </li>
      ))}
    </Flex>
  );
}

/**
 * /task-wall, the points task wall (spec 000 sections 2 and 4): the points (当前积分, 今日获得,
 * 昨日获得), the 7-day sign-in strip with 签到 (once a day: then disabled, 今日已签到) and the
 * reward tasks. A sign-in shows the points it gave; the 'Points' tag refetches the points, the
 * strip and the tasks. A refused sign-in shows the server's reason.
 */
export default function TaskWallPage() {
  const { message } = App.useApp();
  const summary = usePointsQuery();
  const signin = useSigninQuery();
  const tasks = useTasksQuery();
  const [signIn, signing] = useSignInMutation();

  const sign = async () => {
    try {
      const result = await signIn().unwrap();
      message.success(signedMessage(result.points));
    } catch (error) {
      message.error(queryErrorMessage(error, TaskText.SigninFailed));
    }
  };

  return (
    <PageFrame title={TaskText.Title}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <QueryBlock query={summary} minHeight={80}>
          {(shown) => <PointsSummary summary={shown} />}
        </QueryBlock>
        <Card title={TaskText.SigninTitle}>
          <QueryBlock query={signin} isEmpty={never} minHeight={100}>
            {(state) => (
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                <SigninStrip state={state} />
                <Space size="middle" wrap>
                  <Button type="primary" disabled={state.signedToday} loading={signing.isLoading} onClick={() => void sign()}>
                    {state.signedToday ? TaskText.SignedToday : TaskText.SignIn}
                  </Button>
                  <Typography.Text type="secondary">{continuityLabel(state.continuityDay)}</Typography.Text>
                </Space>
              </Space>
            )}
          </QueryBlock>
        </Card>
        <Card title={TaskText.TasksTitle}>
          <QueryBlock query={tasks} isEmpty={noTasks} emptyText={TaskText.TasksEmpty}>
            {(shown) => <TaskList tasks={shown} />}
          </QueryBlock>
        </Card>
      </Space>
    </PageFrame>
  );
}
