/** Test support: holds a field's value the way a form would, so tests type into controlled inputs. */
import { type ReactElement, useState } from 'react';

export function Controlled<P extends { value: string; onChange: (value: string) => void }>({
  initial = '',
  render,
  onValue,
}: {
  initial?: string;
  render: (props: Pick<P, 'value' | 'onChange'>) => ReactElement;
  onValue?: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return render({
    value,
    onChange: (next: string) => {
      setValue(next);
      onValue?.(next);
    },
  } as Pick<P, 'value' | 'onChange'>);
}
