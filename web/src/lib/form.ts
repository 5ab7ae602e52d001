// The app's form hook: the part of react-hook-form's API our forms use, with the behaviours they rely on
// (uncontrolled inputs, validate on submit then on change, one submit at a time), in a few hundred bytes
// instead of ~15 KB gzip. What it keeps and changes: docs/decisions/0013-own-form-hook.md.
import { type ChangeEvent, useReducer, useRef } from 'react';

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date | Blob;

/** Every dotted path into T: `name`, `wallets.0.provider`… */
export type Path<T> = T extends Primitive
  ? never
  : T extends readonly (infer U)[]
    ? `${number}` | (U extends Primitive ? never : `${number}.${Path<U>}`)
    : { [K in keyof T & string]: K | (NonNullable<T[K]> extends Primitive ? never : `${K}.${Path<NonNullable<T[K]>>}`) }[keyof T & string];

export type PathValue<T, P extends string> = P extends `${infer K}.${infer R}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, R>
    : T extends readonly (infer U)[]
      ? PathValue<U, R>
      : never
  : P extends keyof T
    ? T[P]
    : T extends readonly (infer U)[]
      ? U
      : never;

export interface FieldError {
  message?: string;
}

type ErrorsOf<V> =
  NonNullable<V> extends Primitive
    ? FieldError
    : NonNullable<V> extends readonly (infer U)[]
      ? (ErrorsOf<U> | undefined)[] & FieldError
      : FieldErrors<NonNullable<V>> & FieldError;

export type FieldErrors<T> = { [K in keyof T]?: ErrorsOf<T[K]> } & { root?: FieldError };

/** The part of the Standard Schema interface (zod, zod/mini…) the hook uses. */
interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}
type Result<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<Issue> };
export interface FormSchema<Output> {
  readonly '~standard': { readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>> };
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface Registration {
  name: string;
  ref: (element: FieldElement | null) => void;
  onChange: (event: ChangeEvent<FieldElement>) => void;
}

export type UseFormRegister<T> = (name: Path<T>, options?: { valueAsNumber?: boolean }) => Registration;
/** A field's registration with its error, as the form's fields take them. */
export type UseFormField<T> = (name: Path<T>, options?: { valueAsNumber?: boolean }) => Registration & { error: string | undefined };

interface Field {
  element: FieldElement | null;
  asNumber: boolean;
  registration: Registration;
}

type Tree = Record<string, unknown>;

const keysOf = (path: string) => (path === '' ? [''] : path.split('.'));

function getIn(tree: unknown, path: string): unknown {
  let node = tree;
  for (const key of keysOf(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[key];
  }
  return node;
}

/** A copy of `tree` with `value` at `path` (undefined: removed); containers are copied, never mutated. */
function setIn<T>(tree: T, path: string, value: unknown): T {
  const put = (node: unknown, keys: string[]): unknown => {
    const [key, ...rest] = keys as [string, ...string[]];
    const copy: Tree = Array.isArray(node) ? ([...node] as unknown as Tree) : { ...(node as Tree | undefined) };
    const next = rest.length === 0 ? value : put(copy[key] ?? (/^\d+$/.test(rest[0] as string) ? [] : {}), rest);
    if (next === undefined && !Array.isArray(copy)) delete copy[key];
    else copy[key] = next;
    return copy;
  };
  return put(tree, keysOf(path)) as T;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue((a as Tree)[key], (b as Tree)[key]));
}

function readValue(element: FieldElement, asNumber: boolean): unknown {
  if (element.type === 'checkbox') return (element as HTMLInputElement).checked;
  if (!asNumber) return element.value;
  return element.value === '' ? Number.NaN : Number(element.value);
}

function writeValue(element: FieldElement, value: unknown) {
  if (element.type === 'checkbox') (element as HTMLInputElement).checked = Boolean(value);
  else element.value = value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
}

const segment = (key: PropertyKey | { readonly key: PropertyKey }) => String(typeof key === 'object' ? key.key : key);

/** The schema's issues as nested errors: the first issue on a path wins; a union's closest branch speaks. */
function errorsOf(issues: ReadonlyArray<Issue>): Tree {
  const messages = new Map<string, string>();
  const queue = issues.map((issue) => ({ issue, path: (issue.path ?? []).map(segment) }));
  for (let item = queue.shift(); item; item = queue.shift()) {
    const { issue, path } = item;
    const key = path.join('.');
    // zod's invalid_union: each branch's issues, with paths relative to the union's.
    const branches = (issue as { errors?: unknown }).errors;
    const union = Array.isArray(branches) && branches.every(Array.isArray) ? (branches as Issue[][]) : [];
    if (!messages.has(key)) {
      const closest = union.length > 0 ? union.reduce((best, branch) => (branch.length < best.length ? branch : best)) : [];
      messages.set(key, closest[0]?.message ?? issue.message);
    }
    for (const branch of union)
      for (const inner of branch) queue.push({ issue: inner, path: [...path, ...(inner.path ?? []).map(segment)] });
  }
  let errors: Tree = {};
  for (const [key, message] of messages) errors = setIn(errors, key, { message });
  return errors;
}

async function validate<Output>(schema: FormSchema<Output>, values: unknown): Promise<{ errors: Tree; value?: Output }> {
  const result = await schema['~standard'].validate(values);
  return result.issues ? { errors: errorsOf(result.issues) } : { errors: {}, value: result.value };
}

interface Store<T, Output> {
  schema: FormSchema<Output>;
  defaults: T;
  values: T;
  errors: Tree;
  fields: Map<string, Field>;
  watched: Set<string>;
  tracks: { isSubmitting: boolean; isDirty: boolean };
  submitted: boolean;
  submitting: boolean;
  /** Counts resets: a validation or submit that started before one does not write its outcome. */
  resets: number;
  render: () => void;
}

export function useForm<T extends object, Output = T>({ schema, defaultValues }: { schema: FormSchema<Output>; defaultValues: T }) {
  const [, render] = useReducer((count: number) => count + 1, 0);
  const ref = useRef<Store<T, Output>>(null);
  if (!ref.current) {
    ref.current = {
      schema,
      defaults: defaultValues,
      values: defaultValues,
      errors: {},
      fields: new Map(),
      watched: new Set(),
      tracks: { isSubmitting: false, isDirty: false },
      submitted: false,
      submitting: false,
      resets: 0,
      render,
    };
  }
  const store = ref.current;
  // Options are taken anew on every render (as react-hook-form does): the schema may follow the props.
  store.schema = schema;

  const isDirty = () => !sameValue(store.values, store.defaults);
  const isWatched = (name: string) => [...store.watched].some((watched) => name === watched || name.startsWith(`${watched}.`));

  const setErrorAt = (name: string, error: FieldError | undefined) => {
    const before = getIn(store.errors, name) as FieldError | undefined;
    if (before?.message === error?.message && Boolean(before) === Boolean(error)) return false;
    store.errors = setIn(store.errors, name, error);
    return true;
  };

  const focusFirstError = () => {
    for (const [name, field] of store.fields) {
      if (field.element?.isConnected && getIn(store.errors, name)) {
        field.element.focus();
        return;
      }
    }
  };

  const write = (name: string, value: unknown) => {
    const wasDirty = store.tracks.isDirty && isDirty();
    store.values = setIn(store.values, name, value);
    return isWatched(name) || (store.tracks.isDirty && wasDirty !== isDirty());
  };

  const revalidate = async (name: string, value: unknown) => {
    const resets = store.resets;
    const { errors } = await validate(store.schema, store.values);
    // A later change (or a reset) has its own say.
    if (resets !== store.resets || !Object.is(getIn(store.values, name), value)) return;
    if (setErrorAt(name, getIn(errors, name) as FieldError | undefined)) store.render();
  };

  const register: UseFormRegister<T> = (name, options) => {
    let field = store.fields.get(name);
    if (!field) {
      // One registration per name: React then calls `ref` only when the element itself changes.
      const registration: Registration = {
        name,
        ref: (element) => {
          const current = store.fields.get(name);
          if (!current || current.element === element) return;
          current.element = element;
          if (element) writeValue(element, getIn(store.values, name));
        },
        onChange: (event) => {
          const current = store.fields.get(name);
          if (!current) return;
          const value = readValue(event.target, current.asNumber);
          const rerender = write(name, value);
          if (store.submitted) void revalidate(name, value);
          if (rerender) store.render();
        },
      };
      field = { element: null, asNumber: false, registration };
      store.fields.set(name, field);
    }
    field.asNumber = options?.valueAsNumber === true;
    return field.registration;
  };

  const handleSubmit =
    (onValid: (values: Output) => unknown | Promise<unknown>) =>
    async (event?: { preventDefault: () => void }): Promise<void> => {
      event?.preventDefault();
      if (store.submitting) return;
      store.submitting = true;
      const resets = store.resets;
      if (store.tracks.isSubmitting) store.render();
      try {
        const result = await validate(store.schema, store.values);
        if (resets !== store.resets) return;
        store.errors = result.errors;
        store.render();
        if (!('value' in result)) {
          focusFirstError();
          // Again once the errors are shown, as react-hook-form does.
          setTimeout(focusFirstError);
          return;
        }
        await onValid(result.value as Output);
      } finally {
        store.submitting = false;
        // A form reset by its submit handler starts over: not submitted, so changes do not validate.
        if (resets === store.resets) store.submitted = true;
        store.render();
      }
    };

  const setValue = <P extends Path<T>>(name: P, value: PathValue<T, P>) => {
    const element = store.fields.get(name)?.element;
    if (element) writeValue(element, value);
    if (write(name, value)) store.render();
  };

  const reset = (values?: T) => {
    store.resets += 1;
    if (values) store.defaults = values;
    store.values = store.defaults;
    for (const [name, field] of store.fields) if (field.element) writeValue(field.element, getIn(store.values, name));
    store.errors = {};
    store.submitted = false;
    store.render();
  };

  const resetField = (name: Path<T>) => {
    const value = getIn(store.defaults, name);
    const element = store.fields.get(name)?.element;
    if (element) writeValue(element, value);
    store.values = setIn(store.values, name, value);
    store.errors = setIn(store.errors, name, undefined);
    store.render();
  };

  /** Validates the form and updates `name`'s error alone; true when `name` is valid. */
  const trigger = async (name: Path<T>) => {
    const { errors } = await validate(store.schema, store.values);
    const error = getIn(errors, name) as FieldError | undefined;
    if (setErrorAt(name, error)) store.render();
    return !error;
  };

  const setError = (name: Path<T> | 'root', error: FieldError) => {
    if (setErrorAt(name, { message: error.message ?? '' })) store.render();
  };

  function getValues(): T;
  function getValues<P extends Path<T>>(name: P): PathValue<T, P>;
  function getValues(name?: string) {
    return name === undefined ? store.values : getIn(store.values, name);
  }

  /** The field's value now; the form re-renders when it changes. */
  const watch = <P extends Path<T>>(name: P): PathValue<T, P> => {
    store.watched.add(name);
    return getIn(store.values, name) as PathValue<T, P>;
  };

  // Reading isSubmitting or isDirty subscribes the form to its changes (react-hook-form's proxy does the same).
  const formState = {
    errors: store.errors as FieldErrors<T>,
    get isSubmitting() {
      store.tracks.isSubmitting = true;
      return store.submitting;
    },
    get isDirty() {
      store.tracks.isDirty = true;
      return isDirty();
    },
  };

  /** What a TextField (or Select/TextArea field) takes to edit `name`: its registration and its error. */
  const field: UseFormField<T> = (name, options) => ({
    ...register(name, options),
    error: (getIn(store.errors, name) as FieldError | undefined)?.message,
  });

  return { register, field, handleSubmit, setValue, getValues, watch, reset, resetField, trigger, setError, formState };
}
