import { ErrorState } from '@portal/design-system';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FrameText } from './texts';

export interface ShellErrorBoundaryProps {
  children: ReactNode;
  /** A change of this value (the path) clears the error. */
  resetKey?: string;
}

interface ShellErrorBoundaryState {
  error: Error | null;
  resetKey?: string;
}

/** Keeps a crashing shell page inside the content area: the frame and the menu go on working. */
export class ShellErrorBoundary extends Component<ShellErrorBoundaryProps, ShellErrorBoundaryState> {
  state: ShellErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ShellErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ShellErrorBoundaryProps, state: ShellErrorBoundaryState): Partial<ShellErrorBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[shell] page crashed', error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      return <ErrorState message={FrameText.PageCrashed} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
