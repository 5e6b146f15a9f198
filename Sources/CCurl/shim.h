// libcurl for Swift: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic,
// which Swift cannot call, so each argument type the request layer passes gets a typed wrapper.
#ifndef RIVULET_CCURL_SHIM_H
#define RIVULET_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*rivulet_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*rivulet_curl_progress_callback)(
    void *context, curl_off_t downloadTotal, curl_off_t downloadNow, curl_off_t uploadTotal, curl_off_t uploadNow);
typedef curl_socket_t (*rivulet_curl_open_socket_callback)(
    void *context, curlsocktype purpose, struct curl_sockaddr *address);

static inline CURLcode rivulet_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rivulet_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rivulet_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rivulet_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rivulet_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rivulet_curl_set_data_callback(
    CURL *handle, CURLoption option, rivulet_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode rivulet_curl_set_progress_callback(CURL *handle, rivulet_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode rivulet_curl_set_open_socket_callback(
    CURL *handle, rivulet_curl_open_socket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode rivulet_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rivulet_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rivulet_curl_get_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode rivulet_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
