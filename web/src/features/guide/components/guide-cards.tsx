import { useEffect, useRef, useState } from 'react';

export const GUIDE_STEPS = [
  { title: 'Register', text: 'Create an account in seconds.' },
  { title: 'Login', text: 'Sign in with your email and password.' },
  { title: 'Dashboard', text: 'Check your balance, your recent orders and manage your services.' },
  { title: 'Orders', text: 'Select a service and order instantly using your balance.' },
  { title: 'Recharge', text: 'Add funds anytime from your mobile wallet.' },
] as const;

/** Fades in when scrolled into view (at once when the user prefers reduced motion). */
function GuideCard({ step, index }: { step: (typeof GUIDE_STEPS)[number]; index: number }) {
  const ref = useRef<HTMLLIElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.2 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <li
      ref={ref}
      className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition duration-500 ease-out hover:scale-[1.03] hover:shadow-md motion-reduce:transition-none motion-reduce:hover:scale-100 ${
        visible ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0'
      }`}
    >
      <span
        className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-extrabold text-white"
        aria-hidden="true"
      >
        {index + 1}
      </span>
      <h2 className="mt-3 text-lg font-bold text-slate-900">
        <span className="sr-only">Step {index + 1}: </span>
        {step.title}
      </h2>
      <p className="mt-1 text-slate-700">{step.text}</p>
    </li>
  );
}

export function GuideCards() {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {GUIDE_STEPS.map((step, index) => (
        <GuideCard key={step.title} step={step} index={index} />
      ))}
    </ol>
  );
}
