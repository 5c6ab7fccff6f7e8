// The DynamoDB plugin ships no types; the store reaches it only through the DynamoDb type.
declare module '@aws-lite/dynamodb' {
  const plugin: object;
  export default plugin;
}
