// The app runs React Router in declarative mode (<BrowserRouter>, <MemoryRouter> in tests), where
// navigate() returns nothing. Its types also allow a Promise (data routers return one), which
// the type-aware lint would ask every caller to handle; narrowed as React Router's useNavigate
// documentation suggests for <BrowserRouter>. Moving to a data router means removing this file.
import type { NavigateOptions, To } from 'react-router-dom';

declare module 'react-router-dom' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
