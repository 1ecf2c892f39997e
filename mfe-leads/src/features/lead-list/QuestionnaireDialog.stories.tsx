import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { QuestionnaireDialog } from './QuestionnaireDialog';

const meta = {
  title: 'mfe-leads/lead-list/QuestionnaireDialog',
  component: QuestionnaireDialog,
  args: { onClose: fn() },
} satisfies Meta<typeof QuestionnaireDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Answers: Story = {
  args: {
    lead: {
      name: '张三',
      datas: [
        { question: '开店城市', answer: '杭州' },
        { question: '投资预算', answer: '20-30万' },
        { question: '是否有店面', answer: '有，80平米' },
      ],
    },
  },
};
export const NoAnswers: Story = { args: { lead: { name: '李四', datas: [] } } };
