import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';

const ReportsErrorText = {
  Title: '页面出错了',
  SubTitle: '报表模块出现异常，请重试；如果仍然出错，请刷新页面。',
  Retry: '重试',
} as const;

export interface ReportsErrorBoundaryProps {
  children?: ReactNode;
}

interface ReportsErrorBoundaryState {
  error: Error | null;
}

/**
 * Catches a render error of any page of this remote and shows it inside the shell's frame with
 * a retry, so that the menu and the other remotes keep working. (A failed server call is not an
 * error here: each block shows its own.)
 */
export class ReportsErrorBoundary extends Component<ReportsErrorBoundaryProps, ReportsErrorBoundaryState> {
  state: ReportsErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ReportsErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[reports] page failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title={ReportsErrorText.Title}
        subTitle={ReportsErrorText.SubTitle}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {ReportsErrorText.Retry}
          </Button>
        }
      />
    );
  }
}
