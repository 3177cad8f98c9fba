import { defineArea } from './area';

/** The signing area's resources and calls. */
export const signingArea = defineArea({
  resources: {},
  methods: () => ({}),
});
