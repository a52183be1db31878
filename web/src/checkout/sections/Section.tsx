import type { ReactNode } from 'react';

/** One titled part of the checkout form. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="checkout__section" aria-labelledby={`${id}-title`}>
      <h2 className="checkout__section-title" id={`${id}-title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
