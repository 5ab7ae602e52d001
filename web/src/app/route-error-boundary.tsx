import { Component, type ReactNode } from 'react';
import { type Location, useLocation } from 'react-router-dom';

interface State {
  error: unknown;
  location: Location;
}

/**
 * A screen that throws while rendering (or whose code cannot be loaded, offline) shows what the data
 * router's default error element showed, until the location changes: the declarative router has no
 * error element, and without a boundary React would leave the page blank.
 */
class ErrorBoundary extends Component<{ location: Location; children: ReactNode }, State> {
  override state: State = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre> : null}
      </>
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary location={useLocation()}>{children}</ErrorBoundary>;
}
