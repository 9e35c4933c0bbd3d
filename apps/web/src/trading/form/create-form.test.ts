import { describe, expect, it } from 'vitest';
import { applyActions, createForm } from './create-form.ts';

/** A counter form: the smallest spec, to show the kit's contract (reduce in context, summary apart). */
const counter = createForm({
  initial: () => ({ count: 0 }),
  reduce: (state: { count: number }, action: 'add' | 'clear', context: { step: number; max: number }) =>
    action === 'add' ? { count: state.count + context.step } : { count: 0 },
  summarize: (state, context) => ({
    count: state.count,
    error: state.count > context.max ? ('tooMany' as const) : undefined,
  }),
});

describe('createForm', () => {
  it('reduces each action in its context and summarises the state apart', () => {
    const context = { step: 2, max: 5 };
    const state = applyActions(counter, context, ['add', 'add', 'add']);
    expect(state).toEqual({ count: 6 });
    expect(counter.summarize(state, context)).toEqual({ count: 6, error: 'tooMany' });
    expect(applyActions(counter, context, ['clear'], state)).toEqual({ count: 0 });
  });
});
