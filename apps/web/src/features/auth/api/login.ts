import { useMutation } from '@tanstack/react-query';
import { signIn } from '../../../lib/sign-in';

export function useLogin() {
  return useMutation({ mutationFn: signIn });
}
