import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DesignSystemText } from './texts';

export interface AppErrorBoundaryProps {
  /** What failed, in the user's words: '报表模块出现异常，请重试；如果仍然出错，请刷新页面。'. */
  subTitle: ReactNode;
  /** The app's name in the console report ('reports', 'leads'). */
  appName: string;
  children?: ReactNode;
}

interface AppErrorBoundaryState {
  error: Error | null;
}

/**
 * Catches a render error of any page of an app and shows it in place ('页面出错了' with 重试),
 * so that the shell's frame and the other apps keep working. A failed server call is not an
 * error here: each block shows its own.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  state: AppErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): AppErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.appName}] page failed to render`, error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title={DesignSystemText.PageFailed}
        subTitle={this.props.subTitle}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {DesignSystemText.Retry}
          </Button>
        }
      />
    );
  }
}
