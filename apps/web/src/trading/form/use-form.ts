import { useReducer } from 'react';
import type { FormSpec } from './create-form.ts';

/**
 * A form spec in a component: its state, its summary for this render's context, and a dispatch that reduces each
 * action in the context of the render that sent it. The component only shows the summary and sends actions.
 */
export function useForm<State, Action, Context, Summary>(
  form: FormSpec<State, Action, Context, Summary>,
  context: Context,
): { state: State; summary: Summary; dispatch: (action: Action) => void } {
  const [state, send] = useReducer(
    (current: State, sent: { action: Action; context: Context }) => form.reduce(current, sent.action, sent.context),
    undefined,
    form.initial,
  );
  // The context is a fresh object each render: the summary is simply recomputed (pure and cheap).
  return { state, summary: form.summarize(state, context), dispatch: (action) => send({ action, context }) };
}
