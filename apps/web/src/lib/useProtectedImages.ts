import { useEffect, useState } from 'react';
import { protectedImagesHook, requestHeaders } from '@koi/contract/client';
import i18n from '../i18n';
import { getToken } from '../stores/auth';

/**
 * Pictures the server shows only to a signed-in player who may see them (community post images), fetched
 * with the session's token and shown from memory, as object URLs in the order given.
 */
export const useProtectedImages = protectedImagesHook({ useState, useEffect }, () =>
  requestHeaders(i18n.language, getToken()),
);
