export default async function stackTeardown() {}
