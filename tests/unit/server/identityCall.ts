/** A raw call to an identity front at `endpoint`, as amazon-cognito-identity-js makes it. */
export async function identityCall(
  endpoint: string,
  action: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
