/**
 * A trade form as data, after dYdX v4-web's createForm: its state, the actions that change it, and a pure summary of
 * what the state means (derived values and validation errors). Nothing here knows React or HTTP, so a form is tested
 * by feeding it actions; the spot form is the first, margin and futures forms are built the same way. `Context` is
 * what the form reads but does not own (the market, the side, the balance, the last price): actions are reduced and
 * summaries computed against the context of their moment.
 */
export interface FormSpec<State, Action, Context, Summary> {
  initial: () => State;
  reduce: (state: State, action: Action, context: Context) => State;
  summarize: (state: State, context: Context) => Summary;
}

/** Types a form's spec; the spec is its own runtime value. */
export function createForm<State, Action, Context, Summary>(
  spec: FormSpec<State, Action, Context, Summary>,
): FormSpec<State, Action, Context, Summary> {
  return spec;
}

/** The state after `actions`, each reduced in `context`, from `state` (the form's initial state by default). */
export function applyActions<State, Action, Context>(
  form: Pick<FormSpec<State, Action, Context, unknown>, 'initial' | 'reduce'>,
  context: Context,
  actions: readonly Action[],
  state: State = form.initial(),
): State {
  return actions.reduce((current, action) => form.reduce(current, action, context), state);
}
