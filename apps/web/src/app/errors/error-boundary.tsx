import { Component, type ErrorInfo, type ReactNode } from 'react';

export type FallbackProps = { error: unknown; reset: () => Promise<void> };

type Props = {
  children: ReactNode;
  fallback: (props: FallbackProps) => ReactNode;
  /** Runs (and is awaited) before the children are shown again: e.g. refetch the data they read. */
  onReset?: () => void | Promise<void>;
  /** A change in any of these (the URL, say) clears a caught error, so moving on leaves the fallback. */
  resetKeys?: readonly unknown[];
};

type State = { error: unknown; failed: boolean };

function keysChanged(previous: readonly unknown[] = [], next: readonly unknown[] = []): boolean {
  return previous.length !== next.length || previous.some((key, index) => !Object.is(key, next[index]));
}

/**
 * Catches an error thrown while rendering its children and shows `fallback` instead of an empty
 * page. React offers this only as a class component. `failed` is kept apart from `error` because
 * anything, undefined included, can be thrown.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The one trace a person reporting "the page broke" can copy from the console.
    console.error('Assay could not show this page:', error, info.componentStack ?? '');
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && keysChanged(previous.resetKeys, this.props.resetKeys)) this.setState({ error: null, failed: false });
  }

  reset = async () => {
    await this.props.onReset?.();
    this.setState({ error: null, failed: false });
  };

  override render() {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
