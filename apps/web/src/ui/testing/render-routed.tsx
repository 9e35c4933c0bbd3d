import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../toast/ToastProvider.tsx';

/** Renders a test's router inside the providers a page needs: the query client and toasts. */
export function renderRouted(client: QueryClient, router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}
