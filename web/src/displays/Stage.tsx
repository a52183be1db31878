import { useLayoutEffect, useState, type ReactNode } from 'react';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/**
 * A fixed 1920x1080 stage scaled (CSS transform) to fit any screen, letterboxed. With `followOrientation`, a
 * screen taller than wide gets a 1080x1920 stage instead (`data-orientation="portrait"` for its styles).
 */
export function Stage({ children, className, followOrientation = false }: { children: ReactNode; className: string; followOrientation?: boolean }) {
  const [screen, setScreen] = useState({ scale: 1, portrait: false });
  useLayoutEffect(() => {
    const fit = () => {
      const portrait = followOrientation && window.innerHeight > window.innerWidth;
      const [width, height] = portrait ? [STAGE_HEIGHT, STAGE_WIDTH] : [STAGE_WIDTH, STAGE_HEIGHT];
      setScreen({ scale: Math.min(window.innerWidth / width, window.innerHeight / height), portrait });
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [followOrientation]);
  const [width, height] = screen.portrait ? [STAGE_HEIGHT, STAGE_WIDTH] : [STAGE_WIDTH, STAGE_HEIGHT];
  return (
    <div className={`display-viewport ${className}`}>
      <div
        className="display-stage"
        style={{ width, height, transform: `translate(-50%, -50%) scale(${screen.scale})` }}
        data-orientation={screen.portrait ? 'portrait' : 'landscape'}
        data-testid="display-stage"
      >
        {children}
      </div>
    </div>
  );
}
