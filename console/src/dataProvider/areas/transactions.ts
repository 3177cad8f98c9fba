import { defineArea } from './area';

/** The transactions area's resources and calls. */
export const transactionsArea = defineArea({
  resources: {},
  methods: () => ({}),
});
