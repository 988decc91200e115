import { useEffect, useState } from 'react';
import { protectedImagesHook, requestHeaders } from '@koi/contract/client';
import i18n from '../i18n';
import { getToken } from './session';

/**
 * Pictures the server shows only to an operator with the community permission (post images under
 * `/api/admin/community/images`), fetched with the session's token and shown from memory as object URLs.
 */
export const useProtectedImages = protectedImagesHook({ useState, useEffect }, () =>
  requestHeaders(i18n.language, getToken()),
);
