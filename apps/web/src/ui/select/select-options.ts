/** The option rules of the select (shell.md §5): options without a code are ignored; search is case-insensitive. */
export interface SelectOption {
  code?: string;
  value: string;
  label?: string;
  img?: string;
}

export type CodedOption = SelectOption & { code: string };

/** The text an option is searched by and read as: its value, then its label. */
export function optionText(option: SelectOption): string {
  return [option.value, option.label].filter(Boolean).join(' ');
}

export function visibleOptions(options: SelectOption[], query: string): CodedOption[] {
  const needle = query.trim().toLowerCase();
  return options.filter(
    (option): option is CodedOption =>
      typeof option.code === 'string' && option.code !== '' && optionText(option).toLowerCase().includes(needle),
  );
}
