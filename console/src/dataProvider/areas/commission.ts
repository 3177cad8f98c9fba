import { defineArea } from './area';

/** The commission area's resources and calls. */
export const commissionArea = defineArea({
  resources: {},
  methods: () => ({}),
});
