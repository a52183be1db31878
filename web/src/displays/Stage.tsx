import { useLayoutEffect, useState, type ReactNode } from 'react';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** A fixed 1920x1080 stage scaled (CSS transform) to fit any screen, letterboxed. */
export function Stage({ children, className }: { children: ReactNode; className: string }) {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const fit = () => setScale(Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / STAGE_HEIGHT));
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return (
    <div className={`display-viewport ${className}`}>
      <div
        className="display-stage"
        style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }}
        data-testid="display-stage"
      >
        {children}
      </div>
    </div>
  );
}
