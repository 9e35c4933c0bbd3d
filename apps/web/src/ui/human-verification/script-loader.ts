/** Loads a provider's script once per address; a failed load may be tried again. */
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loads.delete(src);
      script.remove();
      reject(new Error(`script failed: ${src}`));
    };
    document.head.appendChild(script);
  });
  loads.set(src, loading);
  return loading;
}
