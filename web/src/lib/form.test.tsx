import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the hook takes any Standard Schema; classic zod's is checked beside mini's
import { z } from 'zod';
import * as zm from 'zod/mini';
import { type FormSchema, useForm } from '@/lib/form';

interface Values {
  name: string;
  age: number;
  agree: boolean;
}

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  age: z.number({ error: 'Age is required' }).int().min(18, 'At least 18'),
  agree: z.boolean(),
});
const miniSchema = zm.object({
  name: zm.string().check(zm.trim(), zm.minLength(1, 'Name is required')),
  age: zm.number({ error: 'Age is required' }).check(zm.minimum(18, 'At least 18')),
  agree: zm.boolean(),
});
const empty: Values = { name: '', age: Number.NaN, agree: false };

/** A form of three fields; `onValid` sees what a form's submit handler gets. */
function Harness({
  onValid,
  formSchema = schema,
  renders,
  watchName = false,
  serverError,
  resetAfter = false,
}: {
  onValid: (values: z.output<typeof schema>) => unknown;
  formSchema?: FormSchema<z.output<typeof schema>>;
  renders?: { count: number };
  watchName?: boolean;
  serverError?: string;
  resetAfter?: boolean;
}) {
  const [showAge, setShowAge] = useState(true);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    reset,
    resetField,
    trigger,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values, z.output<typeof schema>>({ schema: formSchema, defaultValues: empty });
  if (renders) renders.count += 1;
  const typed = watchName ? watch('name') : null;
  const onSubmit = handleSubmit(async (values) => {
    await onValid(values);
    if (serverError) setError('name', { message: serverError });
    if (resetAfter) reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <label>
        Name <input {...register('name')} />
      </label>
      {errors.name ? <p role="alert">{errors.name.message}</p> : null}
      {showAge ? (
        <label>
          Age <input type="number" {...register('age', { valueAsNumber: true })} />
        </label>
      ) : null}
      {errors.age ? <p role="alert">{errors.age.message}</p> : null}
      <label>
        Agree <input type="checkbox" {...register('agree')} />
      </label>
      {typed !== null ? <output aria-label="typed">{typed}</output> : null}
      <output aria-label="state">{`${isSubmitting ? 'submitting' : 'idle'} ${isDirty ? 'dirty' : 'pristine'}`}</output>
      <button type="button" onClick={() => setShowAge((shown) => !shown)}>
        Toggle age
      </button>
      <button type="button" onClick={() => resetField('name')}>
        Reset name
      </button>
      <button type="button" onClick={async () => void ((await trigger('name')) && onValid({ ...getValues(), name: getValues('name') }))}>
        Check name
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

const field = (name: string) => screen.getByLabelText(name);

describe('useForm', () => {
  it('validates on submit only, then re-validates each changed field alone', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<Harness onValid={(values) => sent.push(values)} />);
    await user.type(field('Age'), '5');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('At least 18')).toBeInTheDocument();

    // Fixing the age clears its error only; the name keeps its own until it changes.
    await user.type(field('Age'), '0');
    await waitFor(() => expect(screen.queryByText('At least 18')).toBeNull());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.clear(field('Age'));
    expect(await screen.findByText('Age is required')).toBeInTheDocument();
    await user.type(field('Name'), 'A');
    await waitFor(() => expect(screen.queryByText('Name is required')).toBeNull());
    expect(screen.getByText('Age is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('focuses the first invalid field on a failed submit', async () => {
    const user = userEvent.setup();
    render(<Harness onValid={() => undefined} />);
    await user.type(field('Name'), 'Ali');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Age is required');
    expect(field('Age')).toHaveFocus();

    await user.clear(field('Name'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Name is required');
    expect(field('Name')).toHaveFocus();
  });

  it("gives the submit handler the schema's output: numbers, booleans and trimmed text", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<Harness onValid={(values) => sent.push(values)} />);
    await user.type(field('Name'), '  Ali ');
    await user.type(field('Age'), '30');
    await user.click(field('Agree'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'Ali', age: 30, agree: true }]));
  });

  it('validates through a zod/mini schema as well', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<Harness formSchema={miniSchema} onValid={(values) => sent.push(values)} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Age is required')).toBeInTheDocument();
    await user.type(field('Name'), ' Ali');
    await user.type(field('Age'), '18');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'Ali', age: 18, agree: false }]));
  });

  it('is submitting while the handler runs, and runs one submit at a time', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    let calls = 0;
    const onValid = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    render(<Harness onValid={onValid} />);
    await user.type(field('Name'), 'Ali');
    await user.type(field('Age'), '20');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('state')).toHaveTextContent('submitting'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.keyboard('{Enter}');
    expect(calls).toBe(1);
    finish();
    await waitFor(() => expect(screen.getByLabelText('state')).toHaveTextContent('idle'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it("shows a server's error on its field until the field changes", async () => {
    const user = userEvent.setup();
    render(<Harness onValid={() => undefined} serverError="That name is taken" />);
    await user.type(field('Name'), 'Ali');
    await user.type(field('Age'), '20');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    // Another field's change re-validates that field alone.
    await user.type(field('Age'), '1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('That name is taken')).toBeInTheDocument();
    await user.type(field('Name'), 'a');
    await waitFor(() => expect(screen.queryByText('That name is taken')).toBeNull());
  });

  it('resets to the defaults after a success: fields, errors, and no validation on change until the next submit', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<Harness onValid={(values) => sent.push(values)} resetAfter />);
    await user.type(field('Name'), 'Ali');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Age is required')).toBeInTheDocument();
    await user.type(field('Age'), '20');
    await user.click(field('Agree'));
    expect(screen.getByLabelText('state')).toHaveTextContent('dirty');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Age')).toHaveValue(null);
    expect(field('Agree')).not.toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('state')).toHaveTextContent('idle pristine'));
    await user.type(field('Age'), '5');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('resets one field, checks one field, and keeps a value across an unmount', async () => {
    const user = userEvent.setup();
    const checked: unknown[] = [];
    render(<Harness onValid={(values) => checked.push(values)} />);
    await user.click(screen.getByRole('button', { name: 'Check name' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.queryByText('Age is required')).toBeNull();
    await user.type(field('Name'), 'Ali');
    await user.type(field('Age'), '42');
    await user.click(screen.getByRole('button', { name: 'Check name' }));
    await waitFor(() => expect(checked).toEqual([{ name: 'Ali', age: 42, agree: false }]));
    expect(screen.queryByText('Name is required')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Toggle age' }));
    await user.click(screen.getByRole('button', { name: 'Toggle age' }));
    expect(field('Age')).toHaveValue(42);
    await user.click(screen.getByRole('button', { name: 'Reset name' }));
    expect(field('Name')).toHaveValue('');
    expect(screen.getByLabelText('state')).toHaveTextContent('dirty');
  });

  it('keeps inputs uncontrolled: a keystroke re-renders the form only for a watched field', async () => {
    const user = userEvent.setup();
    const unwatched = { count: 0 };
    const { unmount } = render(<Harness onValid={() => undefined} renders={unwatched} />);
    // isDirty is read by the harness: only its flip (the first keystroke) re-renders.
    const start = unwatched.count;
    await user.type(field('Name'), 'Ali');
    expect(unwatched.count - start).toBe(1);
    unmount();

    const watched = { count: 0 };
    render(<Harness onValid={() => undefined} renders={watched} watchName />);
    const before = watched.count;
    await user.type(field('Name'), 'Ali');
    expect(watched.count - before).toBe(3);
    expect(screen.getByLabelText('typed')).toHaveTextContent('Ali');
  });
});

describe('useForm errors', () => {
  const walletsSchema = z.object({
    wallets: z.array(z.object({ provider: z.string().min(1, 'Provider is required') })),
    contact: z.union([z.object({ email: z.email('Enter a valid email') }), z.object({ phone: z.string().min(10, 'Too short') })]),
  });
  type WalletValues = { wallets: { provider: string }[]; contact: { email: string; phone: string } };

  function Wallets({ onValid }: { onValid: () => void }) {
    const {
      register,
      handleSubmit,
      formState: { errors },
    } = useForm<WalletValues, unknown>({
      schema: walletsSchema,
      defaultValues: { wallets: [{ provider: 'Easypaisa' }, { provider: '' }], contact: { email: 'x', phone: '123' } },
    });
    return (
      <form onSubmit={handleSubmit(onValid)} noValidate>
        {[0, 1].map((index) => (
          <p key={index}>
            <label>
              {`Provider ${index + 1}`} <input {...register(`wallets.${index}.provider`)} />
            </label>
            {errors.wallets?.[index]?.provider ? <span role="alert">{`${index}: ${errors.wallets[index]?.provider?.message}`}</span> : null}
          </p>
        ))}
        <label>
          Email <input {...register('contact.email')} />
        </label>
        {errors.contact?.email ? <p role="alert">{errors.contact.email.message}</p> : null}
        {errors.contact?.message ? <p>{`Contact: ${errors.contact.message}`}</p> : null}
        <button type="submit">Send</button>
      </form>
    );
  }

  it("nests errors by path (arrays too) and takes a union's error from its closest branch", async () => {
    const user = userEvent.setup();
    let sent = 0;
    render(<Wallets onValid={() => (sent += 1)} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('1: Provider is required')).toBeInTheDocument();
    expect(screen.queryByText(/^0:/)).toBeNull();
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Contact: Enter a valid email')).toBeInTheDocument();
    expect(field('Provider 2')).toHaveFocus();
    await user.type(field('Provider 2'), 'JazzCash');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ali@example.com');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toBe(1));
  });
});
