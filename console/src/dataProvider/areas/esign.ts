import { defineArea } from './area';

/** The esign area's resources and calls. */
export const esignArea = defineArea({
  resources: {},
  methods: () => ({}),
});
