/// <reference types="vite/client" />
// Vite's client types for the renderer: CSS side-effect imports and import.meta.env.
