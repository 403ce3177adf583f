import { useEffect, useState, type ReactNode } from 'react';

/**
 * False at a component's first render, true from the task after the frame that first paints it:
 * what it draws behind this comes in a task of its own, after the rest is on the screen (issue 48:
 * an item's player, whose frame a shared link's reveal created in the same task as the rest of the
 * item and the home screen's tools).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The animation frame runs before the paint; a zero timeout from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * Its children from the task after the frame that first paints the place they go: a part of a
 * view that can come a frame later leaves the first commit (the home screen's timeline, drawn after
 * the tools, so the reveal is two tasks and a tap on Filters is answered between them).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }): ReactNode {
  return useAfterFirstPaint() ? children : null;
}
