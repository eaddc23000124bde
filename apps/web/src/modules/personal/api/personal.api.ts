import type { UpdateUserPasswordBody } from '@atrium/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** `POST /user/updateUserPassword`: the server keeps this session and ends the user's others. */
export function useUpdateUserPassword() {
  return useMutation({
    mutationFn: (body: UpdateUserPasswordBody) => api.post<null>('/user/updateUserPassword', body, { notify: false }),
  });
}
