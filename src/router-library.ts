/**
 * The part of TanStack Router the app starts with, as a module of its own so start-up can
 * evaluate the library in one task and the route tree in the next (see src/main.tsx). Named
 * exports only: a dynamic import of the whole package would keep all of it in the bundle.
 */
export { createRouter, RouterProvider } from '@tanstack/react-router'
