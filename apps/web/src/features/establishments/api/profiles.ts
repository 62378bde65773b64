import {
  CheckProfileSchema,
  EstablishmentListSchema,
  EstablishmentSchema,
  NoContentSchema,
  type Establishment,
  type EstablishmentBody,
} from '@normas/contracts/establishments';
import { CACHE_MS } from '@normas/contracts/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const PROFILES_KEY = ['establishments'] as const;

export function profilesQueryOptions() {
  return queryOptions({
    queryKey: PROFILES_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/delivery/my-profiles', { schema: EstablishmentListSchema, signal }).then(
        (r) => r.data,
      ),
    staleTime: CACHE_MS.profile,
  });
}

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}

export function useCheckProfile() {
  return useQuery({
    queryKey: [...PROFILES_KEY, 'check'],
    queryFn: ({ signal }) =>
      apiRequest('/delivery/check-profile', { schema: CheckProfileSchema, signal }),
    staleTime: CACHE_MS.profile,
  });
}

/** Creates a profile (no id) or replaces one. */
export function saveProfile(input: {
  id?: string;
  body: EstablishmentBody;
}): Promise<Establishment> {
  return input.id
    ? apiRequest(`/delivery/${encodeURIComponent(input.id)}`, {
        method: 'PUT',
        body: input.body,
        schema: EstablishmentSchema,
      })
    : apiRequest('/delivery', { method: 'POST', body: input.body, schema: EstablishmentSchema });
}

export function deleteProfile(id: string): Promise<unknown> {
  return apiRequest(`/delivery/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: NoContentSchema,
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILES_KEY }),
  });
}

export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILES_KEY }),
  });
}
