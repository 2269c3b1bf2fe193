/* The part of the CUDA driver API that libgangway uses.
   Copyright (C) 2026 The Gangway developers.

   This file is part of Gangway.

   Gangway is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
   FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
   details.

   You should have received a copy of the GNU General Public License along
   with Gangway; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

/* libgangway has no build-time or link-time dependency on CUDA: the ptx
   device (device-ptx.c) opens the driver, libcuda.so.1, with dlopen and
   looks up the entry points below with dlsym.  So it declares the few
   types, values and functions it uses itself, as NVIDIA's CUDA Driver API
   reference documents them: https://docs.nvidia.com/cuda/cuda-driver-api/
   and its module pages, named below by their file names there.

   The memory functions are looked up by their "_v2" names: cuda.h maps
   cuMemAlloc, cuMemFree, cuMemcpyHtoD and cuMemcpyDtoH to those with
   #defines, and the unsuffixed symbols libcuda still exports are the
   original interfaces with 32-bit device pointers.  */

#ifndef GANGWAY_CUDA_DRIVER_H
#define GANGWAY_CUDA_DRIVER_H

#include <stddef.h>

/* Data types used by CUDA driver (group__CUDA__TYPES.html).  CUresult is
   the enum cudaError_enum; an enum of these values has the size of an
   int.  */
typedef int CUresult;
#define CUDA_SUCCESS			0
#define CUDA_ERROR_NO_DEVICE		100
#define CUDA_ERROR_NOT_READY		600

typedef int CUdevice;				/* CUdevice_v1.  */
typedef unsigned long long CUdeviceptr;		/* CUdeviceptr_v2.  */
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUlinkState_st *CUlinkState;

/* The JIT linker's options and inputs (enum CUjit_option_enum, enum
   CUjitInputType_enum).  */
typedef int CUjit_option;
typedef int CUjitInputType;
#define CU_JIT_INPUT_PTX			1

/* Flags of cuStreamCreate (CU_STREAM_NON_BLOCKING: the stream does not
   synchronize with the legacy default stream, which the synchronous
   copies use) and of cuEventCreate (an event that only orders, without
   timing).  */
#define CU_STREAM_NON_BLOCKING		0x1
#define CU_EVENT_DISABLE_TIMING		0x2

/* CUdevice_attribute values (enum CUdevice_attribute_enum, also in
   group__CUDA__TYPES.html).  */
typedef int CUdevice_attribute;
#define CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X		5
#define CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT	16
#define CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR 39
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR	75
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR	76

/* CUfunction_attribute values (enum CUfunction_attribute_enum, also in
   group__CUDA__TYPES.html).  */
typedef int CUfunction_attribute;
#define CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK		0
#define CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES		3

/* The entry points, as F (NAME, PARAMETER LIST); each returns CUresult.
   Their pages:
     group__CUDA__INITIALIZE.html   cuInit
     group__CUDA__DEVICE.html       cuDeviceGet, cuDeviceGetCount,
				    cuDeviceGetAttribute, cuDeviceTotalMem
				    (the _v2 symbol), cuDeviceGetName
     group__CUDA__VERSION.html      cuDriverGetVersion
     group__CUDA__PRIMARY__CTX.html cuDevicePrimaryCtxRetain
     group__CUDA__CTX.html          cuCtxSetCurrent, cuCtxSynchronize
     group__CUDA__MODULE.html       cuModuleLoadData (a PTX image is a
				    NUL-terminated string), cuModuleUnload,
				    cuModuleGetFunction,
				    cuModuleGetGlobal (the _v2 symbol:
				    a .visible .global's address, size),
				    cuLinkCreate,
				    cuLinkAddData (the _v2 symbols),
				    cuLinkComplete (the linked cubin lives
				    as long as the link state),
				    cuLinkDestroy
     group__CUDA__MEM.html          cuMemAlloc, cuMemFree, cuMemcpyHtoD,
				    cuMemcpyDtoH, cuMemcpyDtoD, cuMemGetInfo,
				    cuMemAllocHost,
				    cuMemcpyHtoDAsync, cuMemcpyDtoHAsync
				    (the _v2 symbols; asynchronous only
				    with pinned host memory),
				    cuMemFreeHost
     group__CUDA__STREAM.html       cuStreamCreate, cuStreamDestroy (the
				    _v2 symbol), cuStreamSynchronize,
				    cuStreamQuery (CUDA_ERROR_NOT_READY
				    while work is pending),
				    cuStreamWaitEvent (waits for the
				    event's latest record at the call)
     group__CUDA__EVENT.html        cuEventCreate, cuEventRecord,
				    cuEventQuery (CUDA_ERROR_NOT_READY
				    until the work before the record is
				    done), cuEventDestroy (the _v2 symbol)
     group__CUDA__EXEC.html         cuFuncGetAttribute, cuLaunchKernel
				    (KERNELPARAMS: one pointer to each
				    parameter's value)
     group__CUDA__ERROR.html        cuGetErrorString  */
#define GW_CUDA_FUNCTIONS(F)						\
  F (cuInit, (unsigned int flags))					\
  F (cuDeviceGetCount, (int *count))					\
  F (cuDeviceGet, (CUdevice *device, int ordinal))			\
  F (cuDeviceGetAttribute, (int *value, CUdevice_attribute attrib,	\
			    CUdevice dev))				\
  F (cuDeviceTotalMem_v2, (size_t *bytes, CUdevice dev))		\
  F (cuDeviceGetName, (char *name, int len, CUdevice dev))		\
  F (cuDriverGetVersion, (int *version))				\
  F (cuMemGetInfo_v2, (size_t *free, size_t *total))			\
  F (cuDevicePrimaryCtxRetain, (CUcontext *pctx, CUdevice dev))		\
  F (cuCtxSetCurrent, (CUcontext ctx))					\
  F (cuCtxSynchronize, (void))						\
  F (cuModuleLoadData, (CUmodule *module, const void *image))		\
  F (cuModuleUnload, (CUmodule hmod))					\
  F (cuModuleGetFunction, (CUfunction *hfunc, CUmodule hmod,		\
			   const char *name))				\
  F (cuModuleGetGlobal_v2, (CUdeviceptr *dptr, size_t *bytes,		\
			    CUmodule hmod, const char *name))		\
  F (cuLinkCreate_v2, (unsigned int numOptions, CUjit_option *options,	\
		       void **optionValues, CUlinkState *stateOut))	\
  F (cuLinkAddData_v2, (CUlinkState state, CUjitInputType type,	\
			void *data, size_t size, const char *name,	\
			unsigned int numOptions, CUjit_option *options,	\
			void **optionValues))			\
  F (cuLinkComplete, (CUlinkState state, void **cubinOut,		\
		      size_t *sizeOut))				\
  F (cuLinkDestroy, (CUlinkState state))				\
  F (cuFuncGetAttribute, (int *pi, CUfunction_attribute attrib,		\
			  CUfunction hfunc))				\
  F (cuMemAlloc_v2, (CUdeviceptr *dptr, size_t bytesize))		\
  F (cuMemFree_v2, (CUdeviceptr dptr))					\
  F (cuMemcpyHtoD_v2, (CUdeviceptr dstDevice, const void *srcHost,	\
		       size_t ByteCount))				\
  F (cuMemcpyDtoH_v2, (void *dstHost, CUdeviceptr srcDevice,		\
		       size_t ByteCount))				\
  F (cuMemcpyDtoD_v2, (CUdeviceptr dstDevice, CUdeviceptr srcDevice,	\
		       size_t ByteCount))				\
  F (cuMemAllocHost_v2, (void **pp, size_t bytesize))			\
  F (cuMemFreeHost, (void *p))						\
  F (cuMemcpyHtoDAsync_v2, (CUdeviceptr dstDevice, const void *srcHost,	\
			    size_t ByteCount, CUstream hStream))	\
  F (cuMemcpyDtoHAsync_v2, (void *dstHost, CUdeviceptr srcDevice,	\
			    size_t ByteCount, CUstream hStream))	\
  F (cuStreamCreate, (CUstream *stream, unsigned int flags))		\
  F (cuStreamDestroy_v2, (CUstream stream))				\
  F (cuStreamSynchronize, (CUstream stream))				\
  F (cuStreamQuery, (CUstream stream))					\
  F (cuStreamWaitEvent, (CUstream stream, CUevent event,		\
			 unsigned int flags))				\
  F (cuEventCreate, (CUevent *event, unsigned int flags))		\
  F (cuEventRecord, (CUevent event, CUstream stream))			\
  F (cuEventQuery, (CUevent event))					\
  F (cuEventDestroy_v2, (CUevent event))				\
  F (cuLaunchKernel, (CUfunction f, unsigned int gridDimX,		\
		      unsigned int gridDimY, unsigned int gridDimZ,	\
		      unsigned int blockDimX, unsigned int blockDimY,	\
		      unsigned int blockDimZ,				\
		      unsigned int sharedMemBytes, CUstream hStream,	\
		      void **kernelParams, void **extra))		\
  F (cuGetErrorString, (CUresult error, const char **pStr))

#endif /* GANGWAY_CUDA_DRIVER_H */
